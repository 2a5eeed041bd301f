// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a scope opened inside an open region
 * check-description: get_user_inline() opens a scope of its own while the region of user_read_access_begin() is open; regions do not nest (objtool says "recursive UACCESS enable"), and the scope's cleanup closes the outer region as well, so the begin of the inner one is a region finding with the outer begin as the note.
 * check-level: 0
 *
 * check-output-start
scoped_nested.c:32:13: warning: scoped_user_read_access() opens a user-access region inside one already open [-Wuaccess-region]
scoped_nested.c:29:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_two_args {
	u32 __user *arr;
	u32 sum;
};

int v7_get_two_nested(struct v7_two_args *args);
int v7_get_two_nested(struct v7_two_args *args)
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
EXPORT_SYMBOL_GPL(v7_get_two_nested);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a scope opened inside an open region");
