// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: masked begin whose result is used
 * check-description: The store goes through the pointer returned by masked_user_access_begin(), which is the validated pointer, so the access is proven and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct tok2_args {
	u32 __user *out;
	u32 token;
};

int put_token_masked(struct tok2_args *args);
int put_token_masked(struct tok2_args *args)
{
	u32 __user *dst = masked_user_access_begin(args->out);

	unsafe_put_user(args->token, dst, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_token_masked);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: masked begin whose result is used");
