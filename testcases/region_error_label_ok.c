// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: error label closes the region
 * check-description: The correct form of region_missing_end: the efault label calls user_write_access_end() before returning, so every return has the region closed.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair6 {
	u32 a;
	u32 b;
};

int put_pair_closed(struct uc_pair6 __user *p, u32 a, u32 b);
int put_pair_closed(struct uc_pair6 __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	unsafe_put_user(b, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_closed);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: error label closes the region");
