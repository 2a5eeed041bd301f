// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a store through another pointer inside a scope
 * check-description: The scope validates 'st' only; the store to the length goes through args->len_out, which nothing validated, so it is unchecked although it sits inside the open region, and the note says which pointer the scope validates.
 * check-level: 0
 *
 * check-output-start
scoped_other_ptr.c:36:17: warning: unsafe_put_user() on 'args->len_out' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_other_ptr.c:34:9: note: this scope validates only 'st', the pointer it names
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_status {
	u32 code;
	u32 flags;
};

struct v7_status_args {
	struct v7_status __user *status;
	u32 __user *len_out;
	u32 code;
};

int v7_put_status(struct v7_status_args *args);
int v7_put_status(struct v7_status_args *args)
{
	struct v7_status __user *st = args->status;

	scoped_user_write_access(st, efault) {
		unsafe_put_user(args->code, &st->code, efault);
		unsafe_put_user(sizeof(*st), args->len_out, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_status);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a store through another pointer inside a scope");
