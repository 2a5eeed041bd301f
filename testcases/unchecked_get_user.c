// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_get_user() on an unchecked pointer
 * check-description: The read region is opened on the pointer loaded from args->hdr; the read through args->extra, a different pointer, is not validated by anything.
 * check-level: 0
 *
 * check-output-start
unchecked_get_user.c:32:9: warning: unsafe_get_user() on 'args->extra' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_get_user.c:29:14: note: this check validates a different pointer
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct hdr_args {
	const u32 __user *hdr;
	const u32 __user *extra;
};

int read_hdr(struct hdr_args *args, u32 *out);
int read_hdr(struct hdr_args *args, u32 *out)
{
	const u32 __user *hdr = args->hdr;
	u32 a, b;

	if (!user_read_access_begin(hdr, sizeof(*hdr)))
		return -EFAULT;
	unsafe_get_user(a, hdr, efault);
	unsafe_get_user(b, args->extra, efault);
	user_read_access_end();
	*out = a + b;
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(read_hdr);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_get_user() on an unchecked pointer");
