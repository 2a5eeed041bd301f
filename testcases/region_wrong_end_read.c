// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: read region closed by the write end
 * check-description: A region opened with user_read_access_begin() must be closed by user_read_access_end() or user_access_end(); user_write_access_end() does not close it (it matters on powerpc), reported at the wrong end call.
 * check-level: 0
 *
 * check-output-start
region_wrong_end_read.c:30:9: warning: user_write_access_end() does not close the region opened by user_read_access_begin() [-Wuaccess-region]
region_wrong_end_read.c:26:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_req2 {
	u32 kind;
	u32 val;
};

int read_req_badend(const struct uc_req2 __user *p, u32 *kind, u32 *val);
int read_req_badend(const struct uc_req2 __user *p, u32 *kind, u32 *val)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*kind, &p->kind, efault);
	unsafe_get_user(*val, &p->val, efault);
	user_write_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(read_req_badend);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: read region closed by the write end");
