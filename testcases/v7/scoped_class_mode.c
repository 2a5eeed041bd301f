// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: the mode of a CLASS() guard scope
 * check-description: A scope of the 6.19 .. 7.0-rc2 form (scoped_class_form.h) opens its region in the mode its name says, and its guard's destructor ends that mode: a read through a write scope and a write through a read scope are mode findings with the scope as the note, and a read-write scope allows both; the same findings as 7.2's form (scoped_mode_read_in_write, scoped_mode_write_in_read).
 * check-level: 0
 *
 * check-output-start
scoped_class_mode.c:32:17: warning: unsafe_get_user() reads in a region opened for writing [-Wuaccess-mode]
scoped_class_mode.c:31:9: note: region opened here
scoped_class_mode.c:48:17: warning: unsafe_put_user() writes in a region opened for reading [-Wuaccess-mode]
scoped_class_mode.c:46:9: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include "scoped_class_form.h"

struct v7_cls_counter {
	u32 val;
	u32 ack;
};

int v7_cls_bump_in_write(struct v7_cls_counter __user **pp, u32 *old);
int v7_cls_bump_in_write(struct v7_cls_counter __user **pp, u32 *old)
{
	struct v7_cls_counter __user *c = *pp;

	scoped_user_write_access(c, efault) {
		unsafe_get_user(*old, &c->val, efault);
		unsafe_put_user(*old + 1, &c->val, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_bump_in_write);

int v7_cls_ack_in_read(struct v7_cls_counter __user **pp, u32 *val);
int v7_cls_ack_in_read(struct v7_cls_counter __user **pp, u32 *val)
{
	struct v7_cls_counter __user *c = *pp;

	scoped_user_read_access(c, efault) {
		unsafe_get_user(*val, &c->val, efault);
		unsafe_put_user(1, &c->ack, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_ack_in_read);

int v7_cls_bump_in_rw(struct v7_cls_counter __user **pp, u32 *old);
int v7_cls_bump_in_rw(struct v7_cls_counter __user **pp, u32 *old)
{
	struct v7_cls_counter __user *c = *pp;

	scoped_user_rw_access(c, efault) {
		unsafe_get_user(*old, &c->val, efault);
		unsafe_put_user(*old + 1, &c->val, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_bump_in_rw);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: the mode of a CLASS() guard scope");
