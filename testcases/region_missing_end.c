// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: error label returns without closing the region
 * check-description: A faulting store jumps to efault, which returns without user_write_access_end(), so that return leaves the region opened by the begin open.
 * check-level: 0
 *
 * check-output-start
region_missing_end.c:33:9: warning: returns with the user-access region still open [-Wuaccess-region]
region_missing_end.c:26:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair5 {
	u32 a;
	u32 b;
};

int put_pair_leak(struct uc_pair5 __user *p, u32 a, u32 b);
int put_pair_leak(struct uc_pair5 __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	unsafe_put_user(b, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_leak);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: error label returns without closing the region");
