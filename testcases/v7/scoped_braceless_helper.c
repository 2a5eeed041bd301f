// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a brace-less scope in a helper
 * check-description: The helper opens its own brace-less scope on its parameter (the 7.2 powerpc sstep.c shape) and stores through the scope's pointer, so the store is validated and inside a region whatever the caller passes; the caller opens no region, and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_word_args {
	u64 __user *dst;
	u64 val;
};

static __always_inline int v7_write_word(u64 __user *p, u64 val)
{
	scoped_user_write_access(p, efault)
		unsafe_put_user(val, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int v7_store_word(struct v7_word_args *args);
int v7_store_word(struct v7_word_args *args)
{
	return v7_write_word(args->dst, args->val);
}
EXPORT_SYMBOL_GPL(v7_store_word);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a brace-less scope in a helper");
