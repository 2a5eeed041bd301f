// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: helper that returns its pointer advanced, called in a loop
 * check-description: put_event() returns ev + 1 and send_events() stores it back in a loop, so the pointer put_event() writes through is the checked one moved by a run-time amount: level 1 reports the unchecked begin one call below the access_ok() and says the bound is not proven.
 * check-level: 1
 *
 * check-output-start
moving_pointer_loop.c:31:9: warning: __uaccess_begin() opens a region whose access_ok() is in send_events(), 1 call up [-Wuaccess-distance]
moving_pointer_loop.c:47:14: note: checked here: access_ok(evs, n * sizeof(struct uc_event))
moving_pointer_loop.c:50:23: note: call 1 of 1: send_events() calls put_event()
moving_pointer_loop.c:30:9: note: region opened here
moving_pointer_loop.c:31:9: note: distance: 1 call, 16 source lines from the check to this access
moving_pointer_loop.c:31:9: note: validated for the length in access_ok(evs, n * sizeof(struct uc_event)); the pointer reaching the access moves by a run-time amount (advanced in a loop or by a helper), so the bound is not proven
moving_pointer_loop.c:32:9: note: the region also holds unsafe_put_user() here
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

static noinline struct uc_event __user *put_event(struct uc_event __user *ev, u32 v)
{
	__uaccess_begin();
	unsafe_put_user(v, &ev->events, efault);
	unsafe_put_user(0, &ev->data, efault);
	user_access_end();
	return ev + 1;
efault:
	user_access_end();
	return NULL;
}

int send_events(struct uc_event __user *evs, int n);
int send_events(struct uc_event __user *evs, int n)
{
	int i;

	if (n <= 0 || n > 64)
		return -EINVAL;
	if (!access_ok(evs, n * sizeof(struct uc_event)))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		evs = put_event(evs, i);
		if (!evs)
			return -EFAULT;
	}
	return n;
}
EXPORT_SYMBOL_GPL(send_events);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: helper that returns its pointer advanced, called in a loop");
