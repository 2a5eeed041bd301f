// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a helper called from inside a scope with the raw pointer
 * check-description: The caller's scope validates its masked copy of 'st', but the call passes args->out loaded again, the raw pointer, which nothing validated; the helper's first store through it is reported at the call, with the scope's note saying which pointer it validates.
 * check-level: 0
 *
 * check-output-start
scoped_helper_raw_ptr.c:45:23: warning: call to 'v7_fill_stat2' passes 'args->out' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
scoped_helper_raw_ptr.c:31:9: note: accessed here
scoped_helper_raw_ptr.c:44:9: note: this scope validates only 'st', the pointer it names
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_stat2 {
	u32 mode;
	u32 nlink;
};

struct v7_stat2_args {
	struct v7_stat2 __user *out;
	u32 mode;
};

static __always_inline int v7_fill_stat2(struct v7_stat2 __user *st, u32 mode)
{
	unsafe_put_user(mode, &st->mode, efault);
	unsafe_put_user(1, &st->nlink, efault);
	return 0;
efault:
	return -EFAULT;
}

int v7_put_stat2(struct v7_stat2_args *args);
int v7_put_stat2(struct v7_stat2_args *args)
{
	struct v7_stat2 __user *st = args->out;
	int err = -EFAULT;

	scoped_user_write_access(st, efault)
		err = v7_fill_stat2(args->out, args->mode);
efault:
	return err;
}
EXPORT_SYMBOL_GPL(v7_put_stat2);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a helper called from inside a scope with the raw pointer");
