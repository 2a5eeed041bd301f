// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: constant-length copy inside a scope, at level 2
 * check-description: unsafe_copy_to_user() of sizeof(struct v7_times) = 24 bytes through the scope's pointer is one access of bytes 0..23 (docs/diagnostics.md, range), inside the bytes 0..4095 the masked pointer covers, so it is proven and even level 2 has nothing to say.
 * check-level: 2
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

int v7_put_times(struct v7_times_args *args);
int v7_put_times(struct v7_times_args *args)
{
	struct v7_times __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_copy_to_user((void __user *)p, (const void *)&args->t, sizeof(args->t), efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_times);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: constant-length copy inside a scope, at level 2");
