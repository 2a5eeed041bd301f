// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a pointer derived in one scope, used in the next and after both
 * check-description: 'q' is set inside the first scope from its masked 'r' (bytes 4..7 of it) and starts as NULL; the run-once loops never leave the first scope without running its body, so in the second scope 'q' is the masked pointer plus 4 and the store is covered, and after the scopes the only finding is the store outside any region. Found by a reviewer, who saw 'unchecked' on 'the pointer' for both.
 * check-level: 0
 *
 * check-output-start
scoped_derived_across.c:56:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_pair {
	u32 a;
	u32 b;
};

struct v7_pair_args {
	struct v7_pair __user *rec;
	u32 a;
	u32 b;
};

int v7_put_pair_twice(struct v7_pair_args *args);
int v7_put_pair_twice(struct v7_pair_args *args)
{
	struct v7_pair __user *r = args->rec;
	u32 __user *q = NULL;

	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->a, &r->a, efault);
		q = &r->b;
	}
	scoped_user_write_access(r, efault)
		unsafe_put_user(args->b, q, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_pair_twice);

int v7_put_pair_after(struct v7_pair_args *args);
int v7_put_pair_after(struct v7_pair_args *args)
{
	struct v7_pair __user *r = args->rec;
	u32 __user *q = NULL;

	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->a, &r->a, efault);
		q = &r->b;
	}
	unsafe_put_user(args->b, q, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_pair_after);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a pointer derived in one scope, used in the next and after both");
