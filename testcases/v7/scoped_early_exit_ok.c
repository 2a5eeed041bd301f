// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: return, goto and break out of a scope
 * check-description: A scope may be left at any point: the variable with __cleanup() ends the region on every exit, so a return from inside the scope, a goto to a label after it and a break out of it all leave the region closed, and every access before them is inside it; nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_msg {
	u32 len;
	u32 flags;
	u64 data;
};

struct v7_msg_args {
	struct v7_msg __user *msg;
	u32 len;
	u32 flags;
	u64 data;
};

int v7_get_msg_return(struct v7_msg_args *args);
int v7_get_msg_return(struct v7_msg_args *args)
{
	struct v7_msg __user *m = args->msg;

	scoped_user_read_access(m, efault) {
		unsafe_get_user(args->len, &m->len, efault);
		if (args->len > 64)
			return -EINVAL;
		unsafe_get_user(args->flags, &m->flags, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_get_msg_return);

int v7_get_msg_goto(struct v7_msg_args *args);
int v7_get_msg_goto(struct v7_msg_args *args)
{
	struct v7_msg __user *m = args->msg;
	int ret = 0;

	scoped_user_read_access(m, efault) {
		unsafe_get_user(args->flags, &m->flags, efault);
		if (!args->flags)
			goto out;
		unsafe_get_user(args->data, &m->data, efault);
	}
	ret = 1;
out:
	return ret;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_get_msg_goto);

int v7_put_msg_break(struct v7_msg_args *args);
int v7_put_msg_break(struct v7_msg_args *args)
{
	struct v7_msg __user *m = args->msg;

	scoped_user_write_access(m, efault) {
		unsafe_put_user(args->len, &m->len, efault);
		if (!args->len)
			break;
		unsafe_put_user(args->data, &m->data, efault);
	}
	args->flags = 1;
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_msg_break);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: return, goto and break out of a scope");
