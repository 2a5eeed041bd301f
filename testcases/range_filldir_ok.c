// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin on both records
 * check-description: Same as range_filldir but the begin covers 2 * sizeof(*prev) = 32 bytes, so the stores to the next record (bytes 16..23 and 28..31) fit.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_dirent2 {
	u64 d_ino;
	u32 d_reclen;
	u32 d_type;
};

int emit_entry_ok(struct uc_dirent2 __user *prev, u64 ino, u32 type);
int emit_entry_ok(struct uc_dirent2 __user *prev, u64 ino, u32 type)
{
	struct uc_dirent2 __user *dirent = prev + 1;

	if (!user_write_access_begin(prev, 2 * sizeof(*prev)))
		return -EFAULT;
	unsafe_put_user(sizeof(*prev), &prev->d_reclen, efault);
	unsafe_put_user(ino, &dirent->d_ino, efault);
	unsafe_put_user(type, &dirent->d_type, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(emit_entry_ok);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: begin on both records");
