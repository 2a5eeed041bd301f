// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_get_user() in a write-only region
 * check-description: The region is opened with user_write_access_begin(), which grants write access only; reading the old sequence number in it is a mode error.
 * check-level: 0
 *
 * check-output-start
mode_read_in_write.c:30:9: warning: unsafe_get_user() reads in a region opened for writing [-Wuaccess-mode]
mode_read_in_write.c:28:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_seq {
	u32 seq;
	u32 val;
};

int bump_seq(struct uc_seq __user *p, u32 val);
int bump_seq(struct uc_seq __user *p, u32 val)
{
	u32 seq;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(seq, &p->seq, efault);
	unsafe_put_user(seq + 1, &p->seq, efault);
	unsafe_put_user(val, &p->val, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(bump_seq);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_get_user() in a write-only region");
