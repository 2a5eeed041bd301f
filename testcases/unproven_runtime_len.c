// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: run-time length and run-time index (level 2)
 * check-description: The begin and the store are on the same root buf, but the checked length and the index are run-time values, so coverage cannot be proven: unproven at level 2.
 * check-level: 2
 *
 * check-output-start
unproven_runtime_len.c:25:9: warning: unsafe_put_user() on 'buf' is not proven to stay within the checked range [-Wuaccess-unproven]
unproven_runtime_len.c:23:14: note: checked here
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
MODULE_DESCRIPTION("uaccess_check testcase: run-time length and run-time index (level 2)");
