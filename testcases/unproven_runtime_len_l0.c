// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: run-time length and run-time index (level 0)
 * check-description: The same code as unproven_runtime_len: the begin is on the same root, so at level 0, which reports only definite problems, it is silent.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int put_slot(u32 __user *buf, size_t len, size_t idx, u32 v);
int put_slot(u32 __user *buf, size_t len, size_t idx, u32 v)
{
	if (idx >= len / sizeof(u32))
		return -EINVAL;
	if (!user_write_access_begin(buf, len))
		return -EFAULT;
	unsafe_put_user(v, buf + idx, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_slot);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: run-time length and run-time index (level 0)");
