// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: check made by a helper that reports it through its result
 * check-description: The 7.x ep_check_params() shape: check_events() returns -EFAULT unless access_ok() of its pointer passed, and wait_events() returns early on any non-zero result, so the call counts as the check. deliver_one() opens its region with __uaccess_begin() one call below: level 1 shows the helper's access_ok() and the call that tested it.
 * check-level: 1
 *
 * check-output-start
distance_check_helper.c:41:9: warning: __uaccess_begin() opens a region whose access_ok() is in check_events(), called by wait_events(), 1 call up [-Wuaccess-distance]
distance_check_helper.c:33:14: note: checked by check_events(): access_ok(evs, maxevents * sizeof(struct uc_event))
distance_check_helper.c:55:15: note: whose result is tested here: check_events(evs, maxevents)
distance_check_helper.c:58:16: note: call 1 of 1: wait_events() calls deliver_one()
distance_check_helper.c:40:9: note: region opened here
distance_check_helper.c:41:9: note: distance: 1 call, 14 source lines from the check to this access
distance_check_helper.c:41:9: note: validated for the run-time length in access_ok(evs, maxevents * sizeof(struct uc_event)); the access is at byte 0 from the checked pointer, so the bound is not proven
distance_check_helper.c:42:9: note: the region also holds unsafe_put_user() here
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

static noinline int check_events(struct uc_event __user *evs, int maxevents)
{
	if (maxevents <= 0 || maxevents > 64)
		return -EINVAL;
	if (!access_ok(evs, maxevents * sizeof(struct uc_event)))
		return -EFAULT;
	return 0;
}

static noinline int deliver_one(struct uc_event __user *ev, u32 events, u64 data)
{
	__uaccess_begin();
	unsafe_put_user(events, &ev->events, efault);
	unsafe_put_user(data, &ev->data, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int wait_events(struct uc_event __user *evs, int maxevents, u64 data);
int wait_events(struct uc_event __user *evs, int maxevents, u64 data)
{
	int ret;

	ret = check_events(evs, maxevents);
	if (ret)
		return ret;
	return deliver_one(evs, 1, data);
}
EXPORT_SYMBOL_GPL(wait_events);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: check made by a helper that reports it through its result");
