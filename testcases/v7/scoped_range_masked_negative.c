// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: an access before a masked scope's pointer
 * check-description: The guard hole catches only accesses above a masked pointer; the store to the word before it (bytes -4..-1) is not covered and is a range finding with the scope as the check; the store to the word itself is fine.
 * check-level: 0
 *
 * check-output-start
scoped_range_masked_negative.c:30:17: warning: unsafe_put_user() accesses bytes -4..-1 of 'p', outside bytes 0..4095 that a masked pointer covers [-Wuaccess-range]
scoped_range_masked_negative.c:28:9: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_hdr_args {
	u32 __user *out;
	u32 len;
};

int v7_put_len_before(struct v7_hdr_args *args);
int v7_put_len_before(struct v7_hdr_args *args)
{
	u32 __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_put_user(0, p, efault);
		unsafe_put_user(args->len, p - 1, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_len_before);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: an access before a masked scope's pointer");
