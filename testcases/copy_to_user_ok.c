// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_copy_to_user() of exactly the checked size
 * check-description: The begin covers sizeof(struct uc_times) bytes at args->out and unsafe_copy_to_user() copies exactly that many, so the single call is proven.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_times {
	u64 utime;
	u64 stime;
	u32 nvcsw;
};

struct times_args {
	void __user *out;
	struct uc_times t;
};

int copy_times(struct times_args *args);
int copy_times(struct times_args *args)
{
	void __user *out = args->out;

	if (!user_write_access_begin(out, sizeof(args->t)))
		return -EFAULT;
	unsafe_copy_to_user(out, (const void *)&args->t, sizeof(args->t), efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(copy_times);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_copy_to_user() of exactly the checked size");
