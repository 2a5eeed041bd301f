// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: constant-length copy inside a scope, at level 0
 * check-description: The level-0 twin of scoped_copy_const: the 24-byte copy covers bytes 0..23 of the scope's masked pointer, inside bytes 0..4095, so there is no range finding and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_times {
	u64 atime;
	u64 mtime;
	u64 ctime;
};

struct v7_times_args {
	struct v7_times __user *out;
	struct v7_times t;
};

int v7_put_times_l0(struct v7_times_args *args);
int v7_put_times_l0(struct v7_times_args *args)
{
	struct v7_times __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_copy_to_user((void __user *)p, (const void *)&args->t, sizeof(args->t), efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_times_l0);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: constant-length copy inside a scope, at level 0");
