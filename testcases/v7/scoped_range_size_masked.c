// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a _size scope's size is not a check on x86-64
 * check-description: The scope names 4 bytes but the second store writes bytes 4..7; on x86-64 can_do_masked_user_access() is 1, so the scope is a masked begin and its size argument feeds only the dead checking branch, and both stores are within bytes 0..4095 that the masked pointer covers: nothing is reported (a checking begin of 4 bytes would be a range finding).
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_stamp_args {
	u32 __user *out;
	u64 stamp;
};

int v7_put_stamp(struct v7_stamp_args *args);
int v7_put_stamp(struct v7_stamp_args *args)
{
	u32 __user *p = args->out;

	scoped_user_write_access_size(p, sizeof(u32), efault) {
		unsafe_put_user(lower_32_bits(args->stamp), p, efault);
		unsafe_put_user(upper_32_bits(args->stamp), p + 1, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_stamp);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a _size scope's size is not a check on x86-64");
