// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: get_user_inline() and put_user_inline()
 * check-description: Each macro opens a scope on its own copy of the pointer and accesses exactly that pointer inside it (the kernel/futex/futex.h users), so both accesses are validated and inside a region of the right mode, and nothing is reported; in particular no message names the macro's temporary.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_futex_args {
	u32 __user *uaddr;
	u32 val;
};

int v7_get_futex_value(struct v7_futex_args *args);
int v7_get_futex_value(struct v7_futex_args *args)
{
	return get_user_inline(args->val, args->uaddr);
}
EXPORT_SYMBOL_GPL(v7_get_futex_value);

int v7_put_futex_value(struct v7_futex_args *args);
int v7_put_futex_value(struct v7_futex_args *args)
{
	return put_user_inline(args->val, args->uaddr);
}
EXPORT_SYMBOL_GPL(v7_put_futex_value);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: get_user_inline() and put_user_inline()");
