// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: field reassigned between the begin and the store
 * check-description: ctx->pos is validated by the begin, then overwritten with ctx->next_page before the second store: the reloaded ctx->pos is a new, unvalidated value (the first store stays proven).
 * check-level: 0
 *
 * check-output-start
two_loads_store_between.c:30:9: warning: unsafe_put_user() on 'ctx->pos' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
two_loads_store_between.c:26:14: note: this check validates a different pointer
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_cursor2 {
	u32 __user *pos;
	u32 __user *next_page;
};

int cursor_put_two(struct uc_cursor2 *ctx, u32 a, u32 b);
int cursor_put_two(struct uc_cursor2 *ctx, u32 a, u32 b)
{
	if (!user_write_access_begin(ctx->pos, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(a, ctx->pos, efault);
	ctx->pos = ctx->next_page;
	unsafe_put_user(b, ctx->pos, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(cursor_put_two);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: field reassigned between the begin and the store");
