// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: store after user_write_access_end()
 * check-description: The second store was left after the end call, so it runs with the region closed; the pointer is still validated by the begin that dominates it, so only the region finding.
 * check-level: 0
 *
 * check-output-start
region_after_end.c:29:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair {
	u32 a;
	u32 b;
};

int put_pair_late(struct uc_pair __user *p, u32 a, u32 b);
int put_pair_late(struct uc_pair __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	user_write_access_end();
	unsafe_put_user(b, &p->b, efault_closed);
	return 0;
efault:
	user_write_access_end();
efault_closed:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_late);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: store after user_write_access_end()");
