// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: access_ok() then __uaccess_begin()
 * check-description: An access_ok() covering the whole structure dominates __uaccess_begin() and both stores, so the unchecked begin is acceptable and nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_kv {
	u32 key;
	u32 val;
};

int put_kv(struct uc_kv __user *out, u32 key, u32 val);
int put_kv(struct uc_kv __user *out, u32 key, u32 val)
{
	if (!access_ok(out, sizeof(*out)))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(key, &out->key, efault);
	unsafe_put_user(val, &out->val, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_kv);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: access_ok() then __uaccess_begin()");
