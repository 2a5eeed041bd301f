// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: access_ok() on one branch only
 * check-description: access_ok() runs only when the caller did not set CFG_TRUSTED, so it does not dominate the store made after __uaccess_begin(): on the other path the pointer is unchecked.
 * check-level: 0
 *
 * check-output-start
unchecked_branch_check.c:34:9: warning: unsafe_put_user() on 'args->out' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_branch_check.c:30:22: note: this check of the pointer does not cover every path to the access
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define CFG_TRUSTED 0x1

struct cfg_args {
	u32 __user *out;
	u32 flags;
	u32 value;
};

int store_cfg(struct cfg_args *args);
int store_cfg(struct cfg_args *args)
{
	if (!(args->flags & CFG_TRUSTED)) {
		if (!access_ok(args->out, sizeof(u32)))
			return -EFAULT;
	}
	__uaccess_begin();
	unsafe_put_user(args->value, args->out, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(store_cfg);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: access_ok() on one branch only");
