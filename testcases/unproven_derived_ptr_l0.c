// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin on a record, stores through a run-time derived pointer (level 0)
 * check-description: The same code as unproven_derived_ptr: the stores are on the checked root, so at level 0 nothing is reported.
 * check-level: 0
 *
 * check-output-start
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
MODULE_DESCRIPTION("uaccess_check testcase: begin on a record, stores through a run-time derived pointer (level 0)");
