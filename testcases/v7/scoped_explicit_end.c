// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: an explicit end inside a scope
 * check-description: A scope's cleanup ends the region on every exit, so a user_*_access_end() written inside the scope ends it twice (objtool says "redundant UACCESS disable" for both functions, at an offset in .altinstr_replacement, not at a line): each explicit end is a region finding at the end call, with the scope as the region it ends; and after the first function's end the region is closed, so its second store is outside a region.
 * check-level: 0
 *
 * check-output-start
scoped_explicit_end.c:39:17: warning: user_write_access_end() ends the region of a scope, whose cleanup ends it again [-Wuaccess-region]
scoped_explicit_end.c:37:9: note: region opened here
scoped_explicit_end.c:40:17: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
scoped_explicit_end.c:56:17: warning: user_access_end() ends the region of a scope, whose cleanup ends it again [-Wuaccess-region]
scoped_explicit_end.c:53:9: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_reply {
	u32 code;
	u32 len;
};

struct v7_reply_args {
	struct v7_reply __user *reply;
	u32 code;
	u32 len;
};

int v7_put_reply_end_first(struct v7_reply_args *args);
int v7_put_reply_end_first(struct v7_reply_args *args)
{
	struct v7_reply __user *r = args->reply;

	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->code, &r->code, efault);
		user_write_access_end();
		unsafe_put_user(args->len, &r->len, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_reply_end_first);

int v7_put_reply_end_last(struct v7_reply_args *args);
int v7_put_reply_end_last(struct v7_reply_args *args)
{
	struct v7_reply __user *r = args->reply;

	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->code, &r->code, efault);
		unsafe_put_user(args->len, &r->len, efault);
		user_access_end();
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_reply_end_last);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: an explicit end inside a scope");
