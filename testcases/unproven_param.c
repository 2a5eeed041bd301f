// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: parameter of a function with no caller in the unit (level 2)
 * check-description: put_event() (the epoll_put_uevent() shape) writes through its parameter ev and relies on its callers both for the check and for the open region; no caller is in this unit, so at level 2 each store is unproven twice, once for the check, once for the region.
 * check-level: 2
 *
 * check-output-start
unproven_param.c:28:9: warning: unsafe_put_user() on 'ev' relies on a check in the callers of 'put_event', none of which is in this unit [-Wuaccess-unproven]
unproven_param.c:29:9: note: also here
unproven_param.c:28:9: warning: unsafe_put_user() relies on a user-access region opened by the callers of 'put_event', none of which is in this unit [-Wuaccess-unproven]
unproven_param.c:29:9: note: also here
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
MODULE_DESCRIPTION("uaccess_check testcase: parameter of a function with no caller in the unit (level 2)");
