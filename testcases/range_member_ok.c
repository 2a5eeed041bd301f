// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin on a member at a non-zero offset, store to that member
 * check-description: The begin covers r->len, bytes 4..7 of r, and the only store is to r->len: the checked range starts at offset 4 and the access fits it exactly.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_range2 {
	u32 start;
	u32 len;
};

int put_range_len(struct uc_range2 __user *r, u32 len);
int put_range_len(struct uc_range2 __user *r, u32 len)
{
	if (!user_write_access_begin(&r->len, sizeof(r->len)))
		return -EFAULT;
	unsafe_put_user(len, &r->len, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_range_len);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: begin on a member at a non-zero offset, store to that member");
