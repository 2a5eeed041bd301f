// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: write region closed by the read end
 * check-description: The reverse of region_wrong_end_read: a region opened with user_write_access_begin() is closed on the fault path by user_read_access_end(), which does not close it.
 * check-level: 0
 *
 * check-output-start
region_wrong_end_write.c:33:9: warning: user_read_access_end() does not close the region opened by user_write_access_begin() [-Wuaccess-region]
region_wrong_end_write.c:26:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_pair7 {
	u32 a;
	u32 b;
};

int put_pair_badend(struct uc_pair7 __user *p, u32 a, u32 b);
int put_pair_badend(struct uc_pair7 __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	unsafe_put_user(b, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_pair_badend);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: write region closed by the read end");
