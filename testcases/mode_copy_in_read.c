// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_copy_to_user() in a read-only region
 * check-description: unsafe_copy_to_user() writes user memory; the region was opened with user_read_access_begin(), so the copy is a mode error (one finding for the call).
 * check-level: 0
 *
 * check-output-start
mode_copy_in_read.c:28:9: warning: unsafe_copy_to_user() writes in a region opened for reading [-Wuaccess-mode]
mode_copy_in_read.c:25:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_blob {
	u64 w[3];
};

int swap_blob(struct uc_blob __user *p, const struct uc_blob *in, u64 *first);
int swap_blob(struct uc_blob __user *p, const struct uc_blob *in, u64 *first)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*first, &p->w[0], efault);
	unsafe_copy_to_user((void __user *)p, (const void *)in, sizeof(*in), efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(swap_blob);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_copy_to_user() in a read-only region");
