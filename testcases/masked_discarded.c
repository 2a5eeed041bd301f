// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: masked begin whose result is discarded
 * check-description: masked_user_access_begin() returns the masked pointer that must be used; here the result is thrown away and the store goes through the original, unmasked pointer loaded from args->out, so on the masked path it is not validated.
 * check-level: 0
 *
 * check-output-start
masked_discarded.c:32:9: warning: unsafe_put_user() on 'out' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
masked_discarded.c:29:17: note: this check validates a different pointer
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct tok_args {
	u32 __user *out;
	u32 token;
};

int put_token(struct tok_args *args);
int put_token(struct tok_args *args)
{
	u32 __user *out = args->out;

	if (can_do_masked_user_access())
		masked_user_access_begin(out);
	else if (!user_write_access_begin(out, sizeof(*out)))
		return -EFAULT;
	unsafe_put_user(args->token, out, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_token);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: masked begin whose result is discarded");
