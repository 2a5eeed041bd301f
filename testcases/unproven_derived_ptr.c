// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin on a record, stores through a run-time derived pointer (level 2)
 * check-description: The filldir shape: the begin covers prev plus the new record, and the new record is at the run-time offset prev_reclen from prev; same root, but coverage depends on run-time values, so each store is unproven at level 2.
 * check-level: 2
 *
 * check-output-start
unproven_derived_ptr.c:34:9: warning: unsafe_put_user() on 'rec' is not proven to stay within the checked range [-Wuaccess-unproven]
unproven_derived_ptr.c:32:14: note: checked here
unproven_derived_ptr.c:35:9: note: also here
unproven_derived_ptr.c:36:9: note: also here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_rec {
	u64 ino;
	u32 reclen;
	u32 type;
};

int emit_after(struct uc_rec __user *prev, u32 prev_reclen, u64 ino, u32 type);
int emit_after(struct uc_rec __user *prev, u32 prev_reclen, u64 ino, u32 type)
{
	struct uc_rec __user *rec;

	rec = (struct uc_rec __user *)((char __user *)prev + prev_reclen);
	if (!user_write_access_begin(prev, prev_reclen + sizeof(*rec)))
		return -EFAULT;
	unsafe_put_user(ino, &rec->ino, efault);
	unsafe_put_user((u32)sizeof(*rec), &rec->reclen, efault);
	unsafe_put_user(type, &rec->type, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(emit_after);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: begin on a record, stores through a run-time derived pointer (level 2)");
