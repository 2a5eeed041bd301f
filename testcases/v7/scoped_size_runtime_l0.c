// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: run-time offsets through a scope's pointer, at level 0
 * check-description: The level-0 twin of scoped_size_runtime: a run-time offset through a masked pointer is only a level-2 matter (unproven), never a range finding, so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_sum_args {
	const u8 __user *buf;
	size_t len;
	u32 sum;
};

int v7_sum_bytes_l0(struct v7_sum_args *args);
int v7_sum_bytes_l0(struct v7_sum_args *args)
{
	const u8 __user *b = args->buf;
	size_t i;
	u32 sum = 0;

	scoped_user_read_access_size(b, args->len, efault) {
		for (i = 0; i < args->len; i++) {
			u8 c;

			unsafe_get_user(c, b + i, efault);
			sum += c;
		}
	}
	args->sum = sum;
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_sum_bytes_l0);

int v7_get_byte_at_l0(struct v7_sum_args *args, unsigned int idx);
int v7_get_byte_at_l0(struct v7_sum_args *args, unsigned int idx)
{
	const u8 __user *b = args->buf;
	u8 c;

	scoped_user_read_access(b, efault)
		unsafe_get_user(c, b + idx, efault);
	return c;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_get_byte_at_l0);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: run-time offsets through a scope's pointer, at level 0");
