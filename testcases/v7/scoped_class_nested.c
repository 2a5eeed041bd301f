// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a CLASS() guard scope opened inside an open region
 * check-description: get_user_inline() opens a scope of the 6.19 .. 7.0-rc2 form (scoped_class_form.h) while the region of user_read_access_begin() is open; regions do not nest, and the guard's destructor closes the outer region as well, so the inner begin is a region finding with the outer begin as the note, exactly as with 7.2's form (scoped_nested); the end of that function and the next function's own scope are fine.
 * check-level: 0
 *
 * check-output-start
scoped_class_nested.c:33:13: warning: scoped_user_read_access() opens a user-access region inside one already open [-Wuaccess-region]
scoped_class_nested.c:30:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include "scoped_class_form.h"

struct v7_cls_two_args {
	u32 __user *arr;
	u32 sum;
};

int v7_cls_get_two_nested(struct v7_cls_two_args *args);
int v7_cls_get_two_nested(struct v7_cls_two_args *args)
{
	u32 __user *p = args->arr;
	u32 v, w;

	if (!user_read_access_begin(p, 2 * sizeof(u32)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	if (get_user_inline(w, p + 1))
		goto efault;
	user_read_access_end();
	args->sum = v + w;
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_get_two_nested);

int v7_cls_get_two_after(struct v7_cls_two_args *args);
int v7_cls_get_two_after(struct v7_cls_two_args *args)
{
	u32 __user *p = args->arr;
	u32 v, w;

	if (!user_read_access_begin(p, sizeof(u32)))
		return -EFAULT;
	unsafe_get_user(v, p, efault);
	user_read_access_end();
	if (get_user_inline(w, p + 1))
		return -EFAULT;
	args->sum = v + w;
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_get_two_after);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a CLASS() guard scope opened inside an open region");
