// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: begin on one member, store to another
 * check-description: The begin covers only r->start (bytes 0..3 of r); the store to r->len writes bytes 4..7, beyond the 4 checked bytes.
 * check-level: 0
 *
 * check-output-start
range_member.c:29:9: warning: unsafe_put_user() accesses bytes 4..7 of 'r', beyond the 4 bytes checked [-Wuaccess-range]
range_member.c:26:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_range {
	u32 start;
	u32 len;
};

int put_range(struct uc_range __user *r, u32 start, u32 len);
int put_range(struct uc_range __user *r, u32 start, u32 len)
{
	if (!user_write_access_begin(&r->start, sizeof(r->start)))
		return -EFAULT;
	unsafe_put_user(start, &r->start, efault);
	unsafe_put_user(len, &r->len, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_range);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: begin on one member, store to another");
