// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: every way out of a CLASS() guard scope (6.19 .. 7.0-rc2)
 * check-description: The scopes before upstream af4e9ef3d784 (scoped_class_form.h) end the region in the destructor of a CLASS() guard, called on every exit as 7.2's __cleanup handler is: falling through, return, goto, break and continue each leave the region closed, two scopes in a row and a scope in a loop each open and close their own, the three modes and the _size forms alike; every access is inside an open region through the scope's pointer, so nothing is reported, as in 7.2's form.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include "scoped_class_form.h"

struct v7_cls_msg {
	u32 len;
	u32 flags;
	u64 data;
};

struct v7_cls_args {
	struct v7_cls_msg __user *msg;
	u32 __user *slots;
	u32 len;
	u32 flags;
	u64 data;
	u32 vals[4];
};

int v7_cls_fall_through(struct v7_cls_args *args);
int v7_cls_fall_through(struct v7_cls_args *args)
{
	struct v7_cls_msg __user *m = args->msg;

	scoped_user_read_access(m, efault) {
		unsafe_get_user(args->len, &m->len, efault);
		unsafe_get_user(args->data, &m->data, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_fall_through);

int v7_cls_return(struct v7_cls_args *args);
int v7_cls_return(struct v7_cls_args *args)
{
	struct v7_cls_msg __user *m = args->msg;

	scoped_user_read_access_size(m, sizeof(*m), efault) {
		unsafe_get_user(args->len, &m->len, efault);
		if (args->len > 64)
			return -EINVAL;
		unsafe_get_user(args->flags, &m->flags, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_return);

int v7_cls_goto(struct v7_cls_args *args);
int v7_cls_goto(struct v7_cls_args *args)
{
	struct v7_cls_msg __user *m = args->msg;
	int ret = 0;

	scoped_user_rw_access(m, efault) {
		unsafe_get_user(args->flags, &m->flags, efault);
		if (!args->flags)
			goto out;
		unsafe_put_user(0, &m->flags, efault);
	}
	ret = 1;
out:
	return ret;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_goto);

int v7_cls_break(struct v7_cls_args *args);
int v7_cls_break(struct v7_cls_args *args)
{
	struct v7_cls_msg __user *m = args->msg;

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
EXPORT_SYMBOL_GPL(v7_cls_break);

int v7_cls_continue(struct v7_cls_args *args);
int v7_cls_continue(struct v7_cls_args *args)
{
	struct v7_cls_msg __user *m = args->msg;

	scoped_user_rw_access_size(m, sizeof(*m), efault) {
		unsafe_get_user(args->len, &m->len, efault);
		if (!args->len)
			continue;
		unsafe_put_user(args->len - 1, &m->len, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_continue);

int v7_cls_two_and_loop(struct v7_cls_args *args);
int v7_cls_two_and_loop(struct v7_cls_args *args)
{
	struct v7_cls_msg __user *m = args->msg;
	u32 __user *slots = args->slots;
	int i;

	scoped_user_read_access(m, efault) {
		unsafe_get_user(args->len, &m->len, efault);
	}
	scoped_user_write_access_size(m, sizeof(m->flags), efault) {
		unsafe_put_user(args->len, &m->flags, efault);
	}
	for (i = 0; i < ARRAY_SIZE(args->vals); i++) {
		scoped_user_write_access(slots, efault) {
			unsafe_put_user(args->vals[i], slots, efault);
		}
		slots++;
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_two_and_loop);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: every way out of a CLASS() guard scope");
