// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a helper called from inside a scope
 * check-description: The caller's scope validates 'st' and keeps the region open around the call; the helper stores through the pointer it is given, the scope's masked pointer, at bytes 0..11 of it, so its accesses are covered by the caller's scope and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_stat {
	u32 mode;
	u32 nlink;
	u32 size;
};

struct v7_stat_args {
	struct v7_stat __user *out;
	u32 mode;
	u32 size;
};

static __always_inline int v7_fill_stat(struct v7_stat __user *st, u32 mode, u32 size)
{
	unsafe_put_user(mode, &st->mode, efault);
	unsafe_put_user(1, &st->nlink, efault);
	unsafe_put_user(size, &st->size, efault);
	return 0;
efault:
	return -EFAULT;
}

int v7_put_stat(struct v7_stat_args *args);
int v7_put_stat(struct v7_stat_args *args)
{
	struct v7_stat __user *st = args->out;
	int err = -EFAULT;

	scoped_user_write_access(st, efault)
		err = v7_fill_stat(st, args->mode, args->size);
efault:
	return err;
}
EXPORT_SYMBOL_GPL(v7_put_stat);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a helper called from inside a scope");
