// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: scoped write access used correctly
 * check-description: scoped_user_write_access() opens a masked write region on the pointer it names, and both stores go through that pointer within the structure; the cleanup ends the region on the way out, so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_pair {
	u32 a;
	u32 b;
};

struct v7_pair_args {
	struct v7_pair __user *out;
	u32 a;
	u32 b;
};

int v7_put_pair(struct v7_pair_args *args);
int v7_put_pair(struct v7_pair_args *args)
{
	struct v7_pair __user *p = args->out;

	scoped_user_write_access(p, efault) {
		unsafe_put_user(args->a, &p->a, efault);
		unsafe_put_user(args->b, &p->b, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_pair);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: scoped write access used correctly");
