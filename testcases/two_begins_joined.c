// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: two alternative begins joined before the stores
 * check-description: The record_steal_time() shape: each branch opens a checked region on st with its own begin and the paths join before the common stores, which are covered on both paths.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_steal {
	u64 steal;
	u32 version;
	u8 preempted;
	u8 pad[3];
};

int record_steal(struct uc_steal __user *st, u64 steal, bool flush);
int record_steal(struct uc_steal __user *st, u64 steal, bool flush)
{
	u8 preempted = 0;

	if (flush) {
		if (!user_access_begin(st, sizeof(*st)))
			return -EFAULT;
		unsafe_get_user(preempted, &st->preempted, efault);
		unsafe_put_user(0, &st->preempted, efault);
	} else {
		if (!user_write_access_begin(st, sizeof(*st)))
			return -EFAULT;
		unsafe_put_user(0, &st->preempted, efault);
	}
	unsafe_put_user(steal, &st->steal, efault);
	unsafe_put_user(1, &st->version, efault);
	user_access_end();
	return preempted;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(record_steal);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: two alternative begins joined before the stores");
