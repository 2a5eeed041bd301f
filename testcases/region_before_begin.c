// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: store before the begin
 * check-description: access_ok() validates p first, so the early store is checked, but it runs before user_write_access_begin() opens the region.
 * check-level: 0
 *
 * check-output-start
region_before_begin.c:27:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair2 {
	u32 a;
	u32 b;
};

int put_pair_early(struct uc_pair2 __user *p, u32 a, u32 b);
int put_pair_early(struct uc_pair2 __user *p, u32 a, u32 b)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault_closed);
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(b, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
efault_closed:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_early);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: store before the begin");
