// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: user_access_save()/restore() around kernel-only code
 * check-description: The save/restore pair only brackets a printk; both stores are made while the region is open, so nothing is reported.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair4 {
	u32 a;
	u32 b;
};

int put_pair_logged(struct uc_pair4 __user *p, u32 a, u32 b);
int put_pair_logged(struct uc_pair4 __user *p, u32 a, u32 b)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	flags = user_access_save();
	pr_debug("uacheck: storing %u\n", b);
	user_access_restore(flags);
	unsafe_put_user(b, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_logged);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: user_access_save()/restore() around kernel-only code");
