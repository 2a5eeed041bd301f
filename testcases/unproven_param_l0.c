// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: parameter of a function with no caller in the unit (level 0)
 * check-description: The same code as unproven_param: an unresolved parameter is reported only at level 2, so at level 0 nothing is printed.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_event {
	u32 events;
	u64 data;
};

int put_event(struct uc_event __user *ev, u32 events, u64 data);
int put_event(struct uc_event __user *ev, u32 events, u64 data)
{
	unsafe_put_user(events, &ev->events, efault);
	unsafe_put_user(data, &ev->data, efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_event);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: parameter of a function with no caller in the unit (level 0)");
