// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin and store through two loads of the same field
 * check-description: ctx->pos is loaded once for the begin and again for the store with no store to it in between, so both loads are the same value and the store is proven.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_cursor {
	u32 __user *pos;
	u32 __user *next_page;
};

int cursor_put(struct uc_cursor *ctx, u32 v);
int cursor_put(struct uc_cursor *ctx, u32 v)
{
	if (!user_write_access_begin(ctx->pos, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(v, ctx->pos, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(cursor_put);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: begin and store through two loads of the same field");
