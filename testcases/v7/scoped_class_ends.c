// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: explicit ends and open returns beside CLASS() guard scopes
 * check-description: In the 6.19 .. 7.0-rc2 form (scoped_class_form.h) the guard's destructor ends a scope's region on every exit, so a user_write_access_end() written inside the scope ends it twice (a region finding at the end, with the scope as the region, and the store after it is outside a region), while the scope's own exits are no open return; a checking begin next to a scope whose error return forgets its end is the one open return reported. The same findings as 7.2's form (scoped_explicit_end).
 * check-level: 0
 *
 * check-output-start
scoped_class_ends.c:40:17: warning: user_write_access_end() ends the region of a scope, whose cleanup ends it again [-Wuaccess-region]
scoped_class_ends.c:38:9: note: region opened here
scoped_class_ends.c:41:17: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
scoped_class_ends.c:63:17: warning: returns with the user-access region still open [-Wuaccess-region]
scoped_class_ends.c:59:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include "scoped_class_form.h"

struct v7_cls_reply {
	u32 code;
	u32 len;
};

struct v7_cls_reply_args {
	struct v7_cls_reply __user *reply;
	u32 code;
	u32 len;
};

int v7_cls_put_reply_end(struct v7_cls_reply_args *args);
int v7_cls_put_reply_end(struct v7_cls_reply_args *args)
{
	struct v7_cls_reply __user *r = args->reply;

	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->code, &r->code, efault);
		user_write_access_end();
		unsafe_put_user(args->len, &r->len, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_put_reply_end);

int v7_cls_put_reply_open(struct v7_cls_reply_args *args);
int v7_cls_put_reply_open(struct v7_cls_reply_args *args)
{
	struct v7_cls_reply __user *r = args->reply;

	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->code, &r->code, efault);
		if (!args->code)
			return 0;
	}
	if (!user_write_access_begin(r, sizeof(*r)))
		return -EFAULT;
	unsafe_put_user(args->len, &r->len, efault_end);
	if (!args->len)
		return -EINVAL;
	user_write_access_end();
	return 0;
efault_end:
	user_write_access_end();
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_cls_put_reply_open);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: explicit ends and open returns beside CLASS() guard scopes");
