// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: helper called through a function pointer
 * check-description: put_status() is only reached through uc_ops.put, so its callers are not in the call graph: the plugin says the function pointer is not followed instead of guessing. Its unchecked begin has no access_ok() in this unit (level 1).
 * check-level: 1
 *
 * check-output-start
distance_fnptr.c:25:9: warning: __uaccess_begin() opens a region on 'status' with no access_ok() of it in this unit: it relies on the callers of 'put_status', which is called through a function pointer: not followed [-Wuaccess-distance]
distance_fnptr.c:24:9: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_ops {
	int (*put)(u32 __user *status, u32 v);
};

static int put_status(u32 __user *status, u32 v)
{
	__uaccess_begin();
	unsafe_put_user(v, status, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

static const struct uc_ops uc_default_ops = {
	.put = put_status,
};

int report_status(const struct uc_ops *ops, u32 __user *status, u32 v);
int report_status(const struct uc_ops *ops, u32 __user *status, u32 v)
{
	if (!ops)
		ops = &uc_default_ops;
	if (!access_ok(status, sizeof(*status)))
		return -EFAULT;
	return ops->put(status, v);
}
EXPORT_SYMBOL_GPL(report_status);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: helper called through a function pointer");
