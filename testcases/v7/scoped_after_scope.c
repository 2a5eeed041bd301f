// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a store after the scope, through the raw pointer
 * check-description: The third store was left after the scope's closing brace: there the cleanup has ended the region, and 'r' names the raw pointer again (the scope's masked copy lived only inside it, and on x86-64 nothing checked the raw one), so the store is both unchecked and outside a region.
 * check-level: 0
 *
 * check-output-start
scoped_after_scope.c:40:9: warning: unsafe_put_user() on 'r' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_after_scope.c:40:9: note: no check of 'r' (= args->reply) was found
scoped_after_scope.c:40:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_reply3 {
	u32 code;
	u32 len;
	u32 done;
};

struct v7_reply3_args {
	struct v7_reply3 __user *reply;
	u32 code;
	u32 len;
};

int v7_put_reply3(struct v7_reply3_args *args);
int v7_put_reply3(struct v7_reply3_args *args)
{
	struct v7_reply3 __user *r = args->reply;

	scoped_user_write_access(r, efault) {
		unsafe_put_user(args->code, &r->code, efault);
		unsafe_put_user(args->len, &r->len, efault);
	}
	unsafe_put_user(1, &r->done, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_put_reply3);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a store after the scope, through the raw pointer");
