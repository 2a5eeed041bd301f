// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin on the previous record, stores to the next one
 * check-description: The filldir bug shape: the begin covers only the 16-byte previous record, while the next record (prev + 1) is written at bytes 16..23 and 28..31 of prev.
 * check-level: 0
 *
 * check-output-start
range_filldir.c:34:9: warning: unsafe_put_user() accesses bytes 16..23 of 'prev', beyond the 16 bytes checked [-Wuaccess-range]
range_filldir.c:31:14: note: checked here
range_filldir.c:35:9: warning: unsafe_put_user() accesses bytes 28..31 of 'prev', beyond the 16 bytes checked [-Wuaccess-range]
range_filldir.c:31:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_dirent {
	u64 d_ino;
	u32 d_reclen;
	u32 d_type;
};

int emit_entry(struct uc_dirent __user *prev, u64 ino, u32 type);
int emit_entry(struct uc_dirent __user *prev, u64 ino, u32 type)
{
	struct uc_dirent __user *dirent = prev + 1;

	if (!user_write_access_begin(prev, sizeof(*prev)))
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
EXPORT_SYMBOL_GPL(emit_entry);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: begin on the previous record, stores to the next one");
