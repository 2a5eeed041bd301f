// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: scoped read-write access used correctly
 * check-description: scoped_user_rw_access() opens a region for reading and writing (user_access_begin()'s masked form), so the load, the store and the compare-and-exchange, all through the scope's pointer and inside the structure, are allowed; nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_slot {
	u32 seq;
	u32 owner;
	u32 state;
};

struct v7_slot_args {
	struct v7_slot __user *slot;
	u32 owner;
};

int v7_claim_slot(struct v7_slot_args *args);
int v7_claim_slot(struct v7_slot_args *args)
{
	struct v7_slot __user *s = args->slot;
	u32 seq, old = 0;

	scoped_user_rw_access(s, efault) {
		unsafe_get_user(seq, &s->seq, efault);
		unsafe_put_user(seq + 1, &s->seq, efault);
		unsafe_put_user(args->owner, &s->owner, efault);
		if (!unsafe_try_cmpxchg_user(&s->state, &old, 1, efault))
			return -EBUSY;
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_claim_slot);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: scoped read-write access used correctly");
