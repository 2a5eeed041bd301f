// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: check helper that is part of a call cycle
 * check-description: The distance_check_helper.c shape with check_events() in a cycle: after its access_ok() it hands a chained batch to check_chain(), which calls check_events() back for the next batch. Every zero result still passes the access_ok() of evs, so the call counts as the check, whatever the cycle returns: no unchecked, and level 1 shows the helper's access_ok() and the call that tested it.
 * check-level: 1
 *
 * check-output-start
check_helper_cycle.c:50:9: warning: __uaccess_begin() opens a region whose access_ok() is in check_events(), called by wait_cevents(), 1 call up [-Wuaccess-distance]
check_helper_cycle.c:35:14: note: checked by check_events(): access_ok(evs, maxevents * sizeof(struct uc_cevent))
check_helper_cycle.c:69:13: note: whose result is tested here: check_events(evs, args->maxevents)
check_helper_cycle.c:71:16: note: call 1 of 1: wait_cevents() calls deliver_cevent()
check_helper_cycle.c:49:9: note: region opened here
check_helper_cycle.c:50:9: note: distance: 1 call, 19 source lines from the check to this access
check_helper_cycle.c:50:9: note: validated for the run-time length in access_ok(evs, maxevents * sizeof(struct uc_cevent)); the access is at byte 0 from the checked pointer, so the bound is not proven
check_helper_cycle.c:51:9: note: the region also holds unsafe_put_user() here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_cevent {
	u32 events;
	u64 data;
};

static int check_chain(struct uc_cevent __user *evs, int maxevents);

static noinline int check_events(struct uc_cevent __user *evs, int maxevents)
{
	if (maxevents <= 0 || maxevents > 64)
		return -EINVAL;
	if (!access_ok(evs, maxevents * sizeof(struct uc_cevent)))
		return -EFAULT;
	if (maxevents > 16)
		return check_chain(evs, maxevents);
	return 0;
}

static noinline int check_chain(struct uc_cevent __user *evs, int maxevents)
{
	return check_events(evs + 16, maxevents - 16);
}

static noinline int deliver_cevent(struct uc_cevent __user *ev, u32 events, u64 data)
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

struct uc_cwait {
	struct uc_cevent __user *evs;
	int maxevents;
};

int wait_cevents(const struct uc_cwait *args, u64 data);
int wait_cevents(const struct uc_cwait *args, u64 data)
{
	struct uc_cevent __user *evs = args->evs;

	if (check_events(evs, args->maxevents))
		return -EFAULT;
	return deliver_cevent(evs, 1, data);
}
EXPORT_SYMBOL_GPL(wait_cevents);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: check helper that is part of a call cycle");
