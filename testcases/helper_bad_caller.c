// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: static helper with one unchecked caller
 * check-description: put_flag() is correct for its first caller, which opens a checked region on the pointer it passes; the second caller opens the region with __uaccess_begin() and no check, so the finding is reported at that call, pointing at the store in the helper.
 * check-level: 0
 *
 * check-output-start
helper_bad_caller.c:52:15: warning: call to 'put_flag' passes 'args->out' to unsafe_put_user() without validating it on every path [-Wuaccess-unchecked]
helper_bad_caller.c:26:9: note: accessed here
helper_bad_caller.c:52:15: note: no check of 'args->out' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct flag_args {
	u32 __user *out;
	u32 flag;
};

static __always_inline int put_flag(u32 __user *uflag, u32 flag)
{
	unsafe_put_user(flag, uflag, efault);
	return 0;
efault:
	return -EFAULT;
}

int set_flag(struct flag_args *args);
int set_flag(struct flag_args *args)
{
	u32 __user *out = args->out;
	int err;

	if (!user_write_access_begin(out, sizeof(*out)))
		return -EFAULT;
	err = put_flag(out, args->flag);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(set_flag);

int set_flag_fast(struct flag_args *args);
int set_flag_fast(struct flag_args *args)
{
	int err;

	__uaccess_begin();
	err = put_flag(args->out, args->flag);
	user_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(set_flag_fast);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: static helper with one unchecked caller");
