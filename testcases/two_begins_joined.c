// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: two alternative begins joined before the stores
 * check-description: The record_steal_time() shape (arch/x86/kvm/x86.c): st is loaded from a kernel struct, so no caller can provide the check; each branch opens a checked region on st with its own begin and the paths join before the common accesses, which every path reaches through a check of st covering them: silent.
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

struct uc_vcpu_steal {
	struct uc_steal __user *st;
	u64 last_steal;
	u8 preempted;
	bool flush;
};

void record_steal(struct uc_vcpu_steal *vs);
void record_steal(struct uc_vcpu_steal *vs)
{
	struct uc_steal __user *st = vs->st;
	u64 steal;
	u32 version;

	if (vs->flush) {
		if (!user_access_begin(st, sizeof(*st)))
			return;
		unsafe_get_user(vs->preempted, &st->preempted, out);
		unsafe_put_user(0, &st->preempted, out);
	} else {
		if (!user_access_begin(st, sizeof(*st)))
			return;
		unsafe_put_user(0, &st->preempted, out);
	}
	unsafe_get_user(version, &st->version, out);
	if (version & 1)
		version += 1;
	unsafe_put_user(version + 1, &st->version, out);
	unsafe_get_user(steal, &st->steal, out);
	unsafe_put_user(steal + vs->last_steal, &st->steal, out);
	unsafe_put_user(version + 2, &st->version, out);
out:
	user_access_end();
}
EXPORT_SYMBOL_GPL(record_steal);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: two alternative begins joined before the stores");
